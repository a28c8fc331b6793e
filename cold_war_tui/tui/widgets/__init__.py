"""Widgets of the game screen: each shows text made by the pure functions of `render`."""
