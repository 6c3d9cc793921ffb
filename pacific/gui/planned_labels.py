"""The labels as a layout would show them, read without moving the items shown.

A band of zooms laid out ahead of time (`idle_bands`) needs what follows from its labels'
places, the names moved off the spaces hemmed in by names (`keep_labels_off`) and the pieces'
slots, while the labels of another band stand on the map. `PlannedLabel` answers what those
read of a label (`label_refit.ShownLabel`: its place, variant, box, leader line) from a
layout's `Placement`; the wheel's own step reads them the same way, so both make the same.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence

from PySide6.QtCore import QPointF, QRectF

from pacific.gui import label_refit
from pacific.gui.label_search import LabelRequest, Placement
from pacific.gui.map_labels import LabelItem, Variant
from pacific.gui.piece_shapes import Box


def star_point(where: Placement, label_point: QPointF) -> QPointF:
    """Where the label placed at ``where`` has its capital's star when it stands apart from
    its name (at the leader line's end, else at the label's point), whose region's label
    point is ``label_point`` (scene)."""
    if not where.leader:
        return QPointF(where.point)
    return QPointF(where.star if where.star is not None else label_point)


class PlannedLabel:
    """``item`` as ``where`` shows it, its leader line drawn for ``scale``."""

    def __init__(self, item: LabelItem, where: Placement, label_point: QPointF,
                 scale: float) -> None:
        self.item, self.point = item, where.point
        self.hidden = where.hidden
        self.index = item.index if where.hidden else where.variant
        self.variants, self.short, self.marker = item.variants, item.short, item.marker
        self.leader: QPointF | None = None
        self.star = star_point(where, label_point)
        if where.leader and not where.hidden:
            self.leader = QPointF((self.star.x() - where.point.x()) * scale,
                                  (self.star.y() - where.point.y()) * scale)

    @property
    def variant(self) -> Variant:
        return self.variants[self.index]

    def pos(self) -> QPointF:
        return QPointF(self.point)

    def box_of(self, variant: Variant, marker: bool) -> QRectF:
        return self.item.box_of(variant, marker)

    def text_box(self) -> QRectF:
        return self.item.box_of(self.variant, self.marker is not None)

    def star_apart(self) -> bool:
        """Does a capital's star stand apart from its name (at ``star``: `LabelItem.lone_star`)?"""
        return not self.hidden and self.variant.apart


def planned(items: Mapping[str, LabelItem], plan: Mapping[str, Placement],
            label_points: Mapping[str, QPointF], scale: float) -> dict[str, PlannedLabel]:
    """Every label of ``items`` as ``plan`` places it (its leader lines drawn for
    ``scale``)."""
    return {rid: PlannedLabel(item, plan[rid], label_points[rid], scale)
            for rid, item in items.items()}


def moving_off(labels: dict[str, PlannedLabel], request: Callable[[str], LabelRequest],
               band: float, frame: QRectF, keep_out: Mapping[str, Box],
               markers: Mapping[str, Sequence[Box]], label_points: Mapping[str, QPointF]
               ) -> Generator[None, None, dict[str, Placement]]:
    """Where each label of ``markers`` (by region) goes off its region's marker at the first
    of its places (scene boxes) where it finds room among the other labels standing as
    ``labels`` (`label_refit`), and where the labels moved aside for it go, laid out for
    ``band`` off ``keep_out``; a label with no room stays (`MapScene.keep_labels_off`).
    ``labels`` follows the moves. A generator (as `label_layout.placing`): it stops before
    each place it tries a label at (a name hemming in a space of many places tries them
    one by one: tens of ms), and its return value is the moves."""
    out: dict[str, Placement] = {}
    if not markers:
        return out
    # (under keys of their own: a label may cover its own region's keep-out box)
    keep = {**keep_out, **{f"{rid} marker": boxes[0] for rid, boxes in markers.items()}}
    fitting = label_refit.Refit(labels, request, band, frame)
    for rid, boxes in markers.items():
        for box in boxes:
            yield
            keep[f"{rid} marker"] = box
            fitted = fitting.fit([rid], keep)
            if fitted:
                out.update(fitted)
                for moved, where in fitted.items():
                    labels[moved] = PlannedLabel(labels[moved].item, where,
                                                 label_points[moved], band)
                break
        else:
            keep[f"{rid} marker"] = boxes[0]
    if out:  # (a name hidden may find room where one moved off stood)
        yield
        # (off the small spaces' markers: a hemmed space's stacks take the first place
        # its name left, which a name off the hemmed one's keeps clear of)
        found = fitting.unhide([t for t, label in labels.items() if label.hidden], keep_out)
        out.update(found)
        for shown, where in found.items():
            labels[shown] = PlannedLabel(labels[shown].item, where, label_points[shown], band)
    return out
