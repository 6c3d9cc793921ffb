"""The combat area of the rules. Importing it registers its handlers."""
