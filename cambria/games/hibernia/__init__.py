"""Hibernia, Cambria's sister game: area control on a map of Ireland with a colour die."""
