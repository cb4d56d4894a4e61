"""Anchors of the Kingdomino chapter's sections; errors name one of these.

Each anchor is a MyST label in ``book/kingdomino.ipynb``; ``tests/book`` checks that
every anchor listed here exists in the chapter.
"""

GOAL = "kingdomino-goal"  # 目的
COMPONENTS = "kingdomino-components"  # このゲームで使うもの
SETUP = "kingdomino-setup"  # ゲームの準備
PLAY = "kingdomino-play"  # プレイ
TURN_ORDER = "kingdomino-turn-order"  # 手番順
TURN = "kingdomino-turn"  # 手番でやること
PLACEMENT = "kingdomino-placement"  # ドミノの配置ルール
END = "kingdomino-end"  # ゲーム終了と得点計算
VARIANTS = "kingdomino-variants"  # ヴァリアント

ALL = (GOAL, COMPONENTS, SETUP, PLAY, TURN_ORDER, TURN, PLACEMENT, END, VARIANTS)
