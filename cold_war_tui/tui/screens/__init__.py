"""The screens of the card game: title, new game, game, hand-over, rules, load, game over."""
