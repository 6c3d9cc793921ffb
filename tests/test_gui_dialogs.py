"""Dialogs of the GUI, built over real engine values."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialogButtonBox
from pytestqt.qtbot import QtBot
from scenario import scenario, u

from pacific.gui.dialogs.battle_parts import DiceStrip
from pacific.gui.dialogs.purchase import PurchaseDialog
from pacific.gui.dialogs.simple import ConvoySplitDialog, HandOverDialog, VictoryDialog
from pacific.gui.settings import DiceMode, Preferences
from pacific.rules.actions.economy import Purchase, SplitConvoyIncome
from pacific.rules.nations import Nation, Power, Side
from pacific.rules.offers import purchase_offer
from pacific.rules.units import UnitType


def test_purchase_dialog_enforces_the_treasury_r_purch_3(qtbot: QtBot) -> None:
    """R-PURCH-3: spending more than the treasury is refused before it reaches the engine."""
    dialog = PurchaseDialog(purchase_offer(Nation.INDIA, 10))
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled()  # nothing bought yet
    dialog.set_count(UnitType.INFANTRY, 2)
    dialog.set_count(UnitType.ARTILLERY, 1)
    assert dialog.spent() == 10 and ok.isEnabled()
    dialog.set_count(UnitType.INFANTRY, 3)
    assert dialog.spent() == 13 and not ok.isEnabled()
    assert "R-PURCH-3" in dialog.left.text()


def test_purchase_dialog_lists_only_what_the_nation_may_buy_r_purch_5(qtbot: QtBot) -> None:
    """R-PURCH-5: Marines and industrial complexes are for the USA only."""
    india = PurchaseDialog(purchase_offer(Nation.INDIA, 30))
    usa = PurchaseDialog(purchase_offer(Nation.USA, 30))
    qtbot.addWidget(india)
    qtbot.addWidget(usa)
    assert UnitType.MARINE not in india.types and UnitType.INDUSTRIAL_COMPLEX not in india.types
    assert UnitType.MARINE in usa.types and UnitType.INDUSTRIAL_COMPLEX in usa.types
    usa.set_count(UnitType.MARINE, 2)
    assert usa.action() == Purchase(nation=Nation.USA, units={UnitType.MARINE: 2})


def test_convoy_split_dialog_gives_the_rest_to_australia_r_income_3(qtbot: QtBot) -> None:
    dialog = ConvoySplitDialog(9)
    qtbot.addWidget(dialog)
    dialog.india.setValue(4)
    assert dialog.action() == SplitConvoyIncome(india=4, australia=5)


def test_dice_are_drawn_as_dice_with_hits_marked(qtbot: QtBot) -> None:
    strip = DiceStrip()
    qtbot.addWidget(strip)
    strip.set_rolls([("Attack in Burma — Japan: 3 infantry hit on 3", (1, 4, 6), 3, None)])
    assert strip.rolls == [("Attack in Burma — Japan: 3 infantry hit on 3", (1, 4, 6), 3, None)]
    image = strip.grab().toImage()
    # The first die is a hit (red face), the third a miss (white face).
    assert image.pixelColor(2 + 4, 16 + 4).red() > 180
    assert image.pixelColor(2 + 4, 16 + 4).green() < 100
    third = image.pixelColor(2 + 2 * (DiceStrip.SIZE + 4) + 4, 16 + 4)
    assert third.red() > 230 and third.green() > 230


def test_hand_over_names_player_and_power_r_setup_2(qtbot: QtBot) -> None:
    """R-SETUP-2: with 2 players the USA is Player 2."""
    _, state = scenario(power=Power.US, players=2)
    dialog = HandOverDialog(state)
    qtbot.addWidget(dialog)
    text = dialog.message.text()
    assert "United States" in text and "Player 2" in text


def test_hand_over_in_italian_gives_the_seat_its_article(qtbot: QtBot) -> None:
    """"Giocatore 2" is a seat, not a person's name: the computer goes "al Giocatore 2", with a
    name typed too ("al Giocatore 2 (Marco)"), never "a Giocatore 2"."""
    from pacific.text import using_language

    _, state = scenario(power=Power.US, players=2)
    with using_language("it"):
        for names, who in ((None, "Giocatore 2"), ({2: "Marco"}, "Giocatore 2 (Marco)")):
            dialog = HandOverDialog(state, names)
            qtbot.addWidget(dialog)
            text = dialog.message.text()
            assert f"Passate il computer al {who} e premete Inizia." in text, text


def test_victory_screen_says_who_and_why(qtbot: QtBot) -> None:
    _, state = scenario(winner=Side.AXIS, win_reason="Japan reached 22 victory points.")
    dialog = VictoryDialog(state)
    qtbot.addWidget(dialog)
    text = dialog.message.text()
    assert "<b>Axis win.</b>" in text and "Japan reached 22 victory points." in text
    # The why stands under the headline in its own paragraph, not in the headline's type.
    assert text.index("Japan reached") > text.index("</b>")


def test_preferences_persist_in_qsettings(tmp_path) -> None:  # type: ignore[no-untyped-def]
    settings = QSettings(str(tmp_path / "p.ini"), QSettings.Format.IniFormat)
    prefs = Preferences(settings)
    assert prefs.dice_mode is DiceMode.COMPUTER and prefs.animation_ms == 250
    prefs.dice_mode = DiceMode.TABLETOP
    prefs.animation_ms = 0
    prefs.add_recent("/a.json")
    prefs.add_recent("/b.json")
    prefs.add_recent("/a.json")
    settings.sync()
    again = Preferences(QSettings(str(tmp_path / "p.ini"), QSettings.Format.IniFormat))
    assert again.dice_mode is DiceMode.TABLETOP and again.animation_ms == 0
    assert again.recent_files() == ["/a.json", "/b.json"]


def test_battle_odds_from_the_forces_on_the_board() -> None:
    """The odds line uses the exact calculator on the battle as it stands."""
    from pacific.gui.odds_view import battle_spec, odds_text
    from pacific.rules.battle_records import Battle, BattleKind
    from pacific.rules.phases import Phase

    game, state = scenario(phase=Phase.COMBAT, round=2,
                           units={"burma": "3 infantry japan, 1 infantry india"})
    state.battles = [Battle(id=1, space="burma", kind=BattleKind.LAND, attacker=Power.JAPAN,
                            status="active",
                            attackers=u(state, "burma", "infantry", Nation.JAPAN),
                            defenders=u(state, "burma", "infantry", Nation.INDIA))]
    view = game.battle_view(state)
    assert view is not None
    spec = battle_spec(game.board, state, state.battles[0])
    assert spec is not None and not spec.first_turn
    assert dict(spec.attacker.units) == {UnitType.INFANTRY: 3}
    # R-FIRSTTURN-1: the engine's surprise is the odds' first turn too.
    state.round = 1
    surprised = battle_spec(game.board, state, state.battles[0])
    assert surprised is not None and surprised.first_turn
    text = odds_text(game.board, state, view)
    assert text.startswith("Odds from here: attacker wins ") and "captured" in text


def test_the_odds_line_names_a_stalemate_r_naval_4() -> None:
    """R-NAVAL-4 E: fighters without a destroyer cannot hit a submarine, nor it them, so most
    of this battle ends with both still there; the odds line says so instead of showing
    shares that do not add up (attacker wins 0%, defender holds 5%...)."""
    from pacific.gui.odds_view import odds_text
    from pacific.rules.battle_records import Battle, BattleKind
    from pacific.rules.phases import Phase

    game, state = scenario(phase=Phase.COMBAT, round=2,
                           units={"sz_6": "2 fighter japan, 1 submarine usa, 1 transport usa"})
    state.battles = [Battle(id=1, space="sz_6", kind=BattleKind.NAVAL, attacker=Power.JAPAN,
                            status="active",
                            attackers=u(state, "sz_6", "fighter", Nation.JAPAN),
                            defenders=u(state, "sz_6", "submarine", Nation.USA)
                            + u(state, "sz_6", "transport", Nation.USA))]
    view = game.battle_view(state)
    assert view is not None
    text = odds_text(game.board, state, view)
    assert text.startswith("Odds from here: attacker wins 0% · defender holds ")
    assert " · stalemate " in text
    *parts, method = text.split(": ", 1)[1].split(" · ")
    shares = [int(part.rsplit(" ", 1)[1].rstrip("%")) for part in parts]
    assert 99 <= sum(shares) <= 101   # every outcome shown (rounded)
    assert method == "exact"  # the line ends with how the odds were found


def test_the_usa_purchase_shows_chinas_infantry_due_r_china_2(qtbot: QtBot) -> None:
    dialog = PurchaseDialog(purchase_offer(Nation.USA, 40), china_infantry_due=3)
    qtbot.addWidget(dialog)
    assert "China receives <b>3</b> infantry" in dialog.china.text()


def test_tab_goes_from_one_count_to_the_next_in_buy_units(qtbot: QtBot) -> None:
    """A count typed, then Tab: the next unit's count, as in a form (not the table's cells)."""
    dialog = PurchaseDialog(purchase_offer(Nation.USA, 30))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    spins = list(dialog.spins.values())
    dialog.activateWindow()
    spins[0].setFocus()
    qtbot.waitUntil(spins[0].hasFocus)
    for after in spins[1:3]:
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        assert QApplication.focusWidget() is after


def test_a_count_typed_at_once_in_buy_units_replaces_the_first_zero(qtbot: QtBot) -> None:
    """Buy units opened and "2" typed: the first count read 20 (the key went in front of its
    0), and the purchase was refused as 54 IPC over."""
    dialog = PurchaseDialog(purchase_offer(Nation.USA, 30))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    first = next(iter(dialog.spins.values()))
    qtbot.waitUntil(first.hasFocus)
    QTest.keyClicks(QApplication.focusWidget(), "2")
    assert first.value() == 2


def test_the_convoy_split_typed_at_once_replaces_the_whole_income(qtbot: QtBot) -> None:
    """The British convoy question opened and "8" typed: India's share must read 8 (the key
    went in front of the 12 shown)."""
    dialog = ConvoySplitDialog(12)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.india.hasFocus)
    QTest.keyClicks(QApplication.focusWidget(), "8")
    assert dialog.india.value() == 8
