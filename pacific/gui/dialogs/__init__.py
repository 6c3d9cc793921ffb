"""Dialogs of the game: purchase, battle board, casualties, hand-over, victory, dice entry,
convoy split, preferences, about. Each one returns an action (or values) and never touches
state."""
