print("chaintui")
