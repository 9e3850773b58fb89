"""Full screens: title, new-game form, the game itself, the final scoring table."""
