"""Anchors of the Kabaleo chapter's sections; errors name one of these."""

GOAL = "kabaleo-goal"  # 目的
COMPONENTS = "kabaleo-components"  # コンポーネント
SETUP = "kabaleo-setup"  # セットアップ
PLAY = "kabaleo-play"  # プレイ
ON_BASE = "kabaleo-on-base"  # ベースに置く場合
ON_PILE = "kabaleo-on-pile"  # 山に置く場合
GENERAL = "kabaleo-general"  # 全般的なルール
END = "kabaleo-end"  # ゲーム終了

ALL = (GOAL, COMPONENTS, SETUP, PLAY, ON_BASE, ON_PILE, GENERAL, END)
