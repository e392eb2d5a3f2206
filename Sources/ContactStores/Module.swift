// ContactStores
