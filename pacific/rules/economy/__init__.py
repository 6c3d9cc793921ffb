"""The economy area of the rules. Importing it registers its handlers."""
