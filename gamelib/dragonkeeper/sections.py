"""Anchors of the Dragon Keeper chapter's sections, in the source text's order; errors name one."""

GOAL = "dragonkeeper-goal"  # 目的
COMPONENTS = "dragonkeeper-components"  # このゲームで使うもの
AIM = "dragonkeeper-aim"  # ゲームの目的
SETUP = "dragonkeeper-setup"  # セットアップ
PLAY = "dragonkeeper-play"  # プレイ
TURN = "dragonkeeper-turn"  # 手番でやること
LEVELS = "dragonkeeper-levels"  # 階層の切り替え
SPECIALS = "dragonkeeper-specials"  # 特別アクションを持つタイル
END = "dragonkeeper-end"  # ゲーム終了と得点計算

ALL = (GOAL, COMPONENTS, AIM, SETUP, PLAY, TURN, LEVELS, SPECIALS, END)
