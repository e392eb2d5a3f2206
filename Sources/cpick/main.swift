print("cpick")
