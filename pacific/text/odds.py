"""How an odds answer was found, in the player's language: the method and its error bound
(`OddsResult.method`, `bound`, `runs`; pacific/odds/budget.py). One text for the command
line, the odds panel, the battle board and the computer player's report."""

from __future__ import annotations

from pacific.text.language import gettext as _

# Below this an exact answer's error is shown as "less than 0.01%".
_TINY = 1e-4


def _share(bound: float) -> str:
    """A probability's error as a percentage with two significant digits ("0.0021%")."""
    return f"{bound * 100:.2g}%"


def odds_method_text(method: str, bound: float, runs: int = 0) -> str:
    """ "exact (error less than 0.01%)", "exact without the least likely states (error at
    most 0.0021%)" or "simulation of 3,200 battles (±2.2%, confidence 99%)"."""
    if method == "simulation":
        return _("simulation of {runs} battles (±{bound}, confidence 99%)").format(
            runs=f"{runs:,}", bound=_share(bound))
    if method == "pruned":
        return _("exact without the least likely states (error at most {bound})").format(
            bound=_share(bound))
    if bound < _TINY:
        return _("exact (error less than 0.01%)")
    return _("exact (error at most {bound})").format(bound=_share(bound))


def odds_method_short(method: str, bound: float) -> str:
    """The method in a few words, for one line of odds: "exact", "pruned ±0.0021%",
    "simulated ±1.9%" (the battle board)."""
    if method == "simulation":
        return _("simulated ±{bound}").format(bound=_share(bound))
    if method == "pruned":
        return _("pruned ±{bound}").format(bound=_share(bound))
    return _("exact")
