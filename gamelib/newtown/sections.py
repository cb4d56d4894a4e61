"""Anchors of the さいころニュータウン chapter's sections, in the order of the source text;
every error the engine raises names one of these."""

OVERVIEW = "newtown-overview"  # ゲームの概要
VICTORY = "newtown-victory"  # 勝利条件
FLOW = "newtown-flow"  # ゲームの流れ
SETUP = "newtown-setup"  # ゲームの準備
SETUP_LANDS = "newtown-setup-lands"  # 土地タイルを配置する
SETUP_PERSONAL = "newtown-setup-personal"  # 個人スペースを準備する
SETUP_SHARED = "newtown-setup-shared"  # 共有スペースを準備する
SETUP_LAND_CARDS = "newtown-setup-land-cards"  # 土地カード(ランダム配布・ドラフト配布)
SETUP_TENANTS = "newtown-setup-tenants"  # 入居者カード
SETUP_ORDER = "newtown-setup-order"  # 順番・スタート地点
BUILDING_ROUND = "newtown-building-round"  # 建築ラウンド
PREPARE = "newtown-prepare"  # 1.準備フェイズ
DICE = "newtown-dice"  # 2.さいころフェイズ
MOVE1 = "newtown-move1"  # 3.移動(1)フェイズ
MANAGE = "newtown-manage"  # 4.やり繰り・仕入れフェイズ
BUILD = "newtown-build"  # 5.建築フェイズ
MOVE2 = "newtown-move2"  # 6.移動(2)フェイズ
HOUSES = "newtown-houses"  # 家を建てる
HOW_TO_BUILD = "newtown-how-to-build"  # 家の建て方
EXTENDING = "newtown-extending"  # 増築の仕方
CONDITIONS = "newtown-conditions"  # 建築条件
PENTHOUSE = "newtown-penthouse"  # ペントハウス
ON_BUILDING = "newtown-on-building"  # 家を建てたときの処理
KINGS_LAND = "newtown-kings-land"  # 王様の土地
STONES = "newtown-stones"  # 王様の褒美の石
LAND_CARDS = "newtown-land-cards"  # 土地カード
LAND_CARD_ABILITIES = "newtown-land-card-abilities"  # 土地カードの特殊能力
EXTENSION_ROUND = "newtown-extension-round"  # 建築ラウンドの延長
EXTENSION_RULES = "newtown-extension-rules"  # 延長ラウンドの特別ルール
BUILDING_SETTLEMENT = "newtown-building-settlement"  # 建築ラウンドの決算
TENANT_ROUND = "newtown-tenant-round"  # 入居ラウンド
TENANT_PREPARE = "newtown-tenant-prepare"  # 入居ラウンドの準備
TENANT_CONDITIONS = "newtown-tenant-conditions"  # 入居の条件
TENANT_PLAY = "newtown-tenant-play"  # 入居ラウンドの進行
TENANT_PRIORITY = "newtown-tenant-priority"  # 後列の優先受け入れ
TENANT_END = "newtown-tenant-end"  # 入居ラウンドの終了
FINAL_SETTLEMENT = "newtown-final-settlement"  # 入居ラウンドの決算

ALL = (OVERVIEW, VICTORY, FLOW, SETUP, SETUP_LANDS, SETUP_PERSONAL, SETUP_SHARED, SETUP_LAND_CARDS, SETUP_TENANTS,
       SETUP_ORDER, BUILDING_ROUND, PREPARE, DICE, MOVE1, MANAGE, BUILD, MOVE2, HOUSES, HOW_TO_BUILD, EXTENDING,
       CONDITIONS, PENTHOUSE, ON_BUILDING, KINGS_LAND, STONES, LAND_CARDS, LAND_CARD_ABILITIES, EXTENSION_ROUND,
       EXTENSION_RULES, BUILDING_SETTLEMENT, TENANT_ROUND, TENANT_PREPARE, TENANT_CONDITIONS, TENANT_PLAY, TENANT_PRIORITY, TENANT_END, FINAL_SETTLEMENT)

#: The Japanese heading of each section (as the chapter writes it).
HEADINGS = {
    OVERVIEW: "ゲームの概要", VICTORY: "勝利条件", FLOW: "ゲームの流れ", SETUP: "ゲームの準備",
    SETUP_LANDS: "土地タイルを配置する", SETUP_PERSONAL: "個人スペースを準備する", SETUP_SHARED: "共有スペースを準備する",
    SETUP_LAND_CARDS: "土地カード", SETUP_TENANTS: "入居者カード", SETUP_ORDER: "順番・スタート地点",
    BUILDING_ROUND: "建築ラウンド", PREPARE: "1.準備フェイズ", DICE: "2.さいころフェイズ", MOVE1: "3.移動(1)フェイズ",
    MANAGE: "4.やり繰り・仕入れフェイズ", BUILD: "5.建築フェイズ", MOVE2: "6.移動(2)フェイズ", HOUSES: "家を建てる",
    HOW_TO_BUILD: "家の建て方", EXTENDING: "増築の仕方", CONDITIONS: "建築条件", PENTHOUSE: "ペントハウス",
    ON_BUILDING: "家を建てたときの処理", KINGS_LAND: "王様の土地", STONES: "王様の褒美の石", LAND_CARDS: "土地カード",
    LAND_CARD_ABILITIES: "土地カードの特殊能力", EXTENSION_ROUND: "建築ラウンドの延長",
    EXTENSION_RULES: "延長ラウンドの特別ルール", BUILDING_SETTLEMENT: "建築ラウンドの決算", TENANT_ROUND: "入居ラウンド",
    TENANT_PREPARE: "入居ラウンドの準備", TENANT_CONDITIONS: "入居の条件", TENANT_PLAY: "入居ラウンドの進行",
    TENANT_PRIORITY: "後列の優先受け入れ", TENANT_END: "入居ラウンドの終了", FINAL_SETTLEMENT: "入居ラウンドの決算",
}
