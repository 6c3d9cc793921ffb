"""The game's rules: pure Python and pydantic, no Qt, no shapely."""
