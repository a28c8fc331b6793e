"""The DEFCON duel's screens inside the one app: set-up, placement, moves, the end.

The rules live in the pure `cold_war_tui.duel` package; this package only draws a player's
view and sends back his decisions (`flow.DuelFlow` is the one seam to the duel engine).
"""
