get_user --id 7
