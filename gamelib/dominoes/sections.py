"""Anchors of the domino chapters' sections; errors name one of these."""

SET = "dominoes-set"  # 概要

DOMINOMEGA = "dominomega"
DOMINOMEGA_PLAY = "dominomega-play"
DOMINOMEGA_SCORING = "dominomega-scoring"
DOMINOMEGA_TWO = "dominomega-two-players"

DOMINUP_PLACEMENT = "dominup-placement"
DOMINUP_PLAY = "dominup-play"
DOMINUP_MISERE = "dominup-misere"

DOMINIMUM_SETUP = "dominimum-setup"
DOMINIMUM_PLAY = "dominimum-play"
DOMINIMUM_SCORING = "dominimum-scoring"

TREE_SETUP = "tree-setup"
TREE_PLACEMENT = "tree-placement"
TREE_PASS = "tree-pass"
TREE_END = "tree-end"
