"""Throw-away spike code: how to test the Discord layer with SimCord (see SIMCORD_NOTES.md)."""
