"""Great Britain's purchase is two purchases, India's and Australia's, each paid from its own
treasury (R-PURCH-1). A player who has bought for India is led on to Australia's dialog, and
ending the phase with Australia's money unspent asks first (with confirmations on): in a
real window Australia's turn to buy was easily missed."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import make_window
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMessageBox
from pytestqt.qtbot import QtBot
from scenario import scenario

from pacific.gui.dialogs.purchase import PurchaseDialog
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType


def _window(qtbot: QtBot, tmp_path: Path, australia: int = 20):  # type: ignore[no-untyped-def]
    game, state = scenario("pacific", power=Power.UK, phase=Phase.PURCHASE,
                           treasury={Nation.INDIA: 27, Nation.AUSTRALIA: australia})
    state.pending = None
    return make_window(qtbot, tmp_path, game, state)


def _buy(window, nation: Nation, infantry: int) -> None:  # type: ignore[no-untyped-def]
    dialog = window.dialogs.purchase
    assert isinstance(dialog, PurchaseDialog) and dialog.isVisible()
    assert dialog.nation is nation
    dialog.set_count(UnitType.INFANTRY, infantry)
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()


def test_india_s_purchase_leads_on_to_australia_s_r_purch_1(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    window.dialogs.open_purchase()
    _buy(window, Nation.INDIA, 9)
    qtbot.waitUntil(lambda: window.dialogs.purchase is not None
                    and window.dialogs.purchase.isVisible()
                    and window.dialogs.purchase.nation is Nation.AUSTRALIA)
    _buy(window, Nation.AUSTRALIA, 6)
    QApplication.processEvents()
    state = window.controller.state
    assert state.purchased[Nation.INDIA] == {UnitType.INFANTRY: 9}
    assert state.purchased[Nation.AUSTRALIA] == {UnitType.INFANTRY: 6}
    assert not any(d.isVisible() for d in window.dialogs.open)   # nobody left to ask


def test_australia_without_money_for_a_unit_is_not_asked(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path, australia=2)
    window.dialogs.open_purchase()
    _buy(window, Nation.INDIA, 9)
    for _ in range(3):
        QApplication.processEvents()
    assert not any(d.isVisible() for d in window.dialogs.open)


def test_ending_the_purchase_with_australia_s_money_unspent_asks_first(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    window.prefs.confirm_end_phase = True
    window.dialogs.open_purchase()
    _buy(window, Nation.INDIA, 9)
    qtbot.waitUntil(lambda: window.dialogs.purchase is not None
                    and window.dialogs.purchase.isVisible())
    window.dialogs.purchase.reject()   # the player closes Australia's dialog
    QApplication.processEvents()
    window.phase_end.end_phase()
    box = window.dialogs.confirm
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert box.text() == ("Australia bought nothing yet (20 IPC). End the purchase phase "
                          "anyway?")
    box.button(QMessageBox.StandardButton.No).click()
    QApplication.processEvents()
    assert window.controller.state.phase is Phase.PURCHASE
    window.phase_end.end_phase()
    window.dialogs.confirm.button(QMessageBox.StandardButton.Yes).click()
    QApplication.processEvents()
    assert window.controller.state.phase is not Phase.PURCHASE
