"""What every game shares: the game interface, a playthrough, records and seats."""
