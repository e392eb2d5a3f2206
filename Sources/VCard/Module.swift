// VCard
