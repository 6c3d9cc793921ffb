"""One drawing code for the charts of a game (`pacific.story.charts`): `paint_chart` paints a
line chart with QPainter, into a widget (`ChartView`) or, through QtSvg's `QSvgGenerator`, into
SVG for the report (`chart_svg`). QtCharts would need PySide6-Addons, which the project does
not install; these few lines of QPainter need nothing more than PySide6-Essentials.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QPainter,
    QPaintEvent,
    QPen,
    QPolygonF,
)
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QSizePolicy, QWidget

from pacific.story.charts import GOAL_COLOUR, Chart
from pacific.story.game import GameStory

CHART_SIZE = QSize(640, 300)


def nice_step(top: float, ticks: int = 5) -> float:
    """A round step (1, 2 or 5 times a power of ten) for about ``ticks`` grid lines up to
    ``top``."""
    if top <= 0:
        return 1.0
    raw = top / ticks
    power = 10.0 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return max(float(factor * power), 1.0)
    return 10.0 * power


def _legend_rows(chart: Chart, metrics: QFontMetricsF, width: float) -> list[list[int]]:
    rows: list[list[int]] = [[]]
    used = 0.0
    for i, series in enumerate(chart.series):
        w = 28 + metrics.horizontalAdvance(series.name) + 14
        if rows[-1] and used + w > width:
            rows.append([])
            used = 0.0
        rows[-1].append(i)
        used += w
    return rows


def paint_chart(painter: QPainter, rect: QRectF, chart: Chart) -> None:
    """Paint ``chart`` into ``rect``: title, grid and values, lines, the goal, the legend."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.fillRect(rect, QColor("white"))
    font = QFont(painter.font())
    font.setPointSizeF(9)
    painter.setFont(font)
    metrics = QFontMetricsF(font)
    line = metrics.height()
    title_font = QFont(font)
    title_font.setBold(True)
    title_font.setPointSizeF(10.5)
    painter.setFont(title_font)
    painter.setPen(QColor("#202020"))
    painter.drawText(QRectF(rect.left(), rect.top() + 4, rect.width(), line * 1.4),
                     Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter, chart.title)
    painter.setFont(font)
    rows = _legend_rows(chart, metrics, rect.width() - 20)
    step = nice_step(chart.top)
    top = max(step, math.ceil(chart.top / step) * step)
    label_width = metrics.horizontalAdvance(f"{top:g}") + 10
    plot = QRectF(rect.left() + label_width + 6, rect.top() + line * 1.8,
                  rect.width() - label_width - 18,
                  rect.height() - line * (1.8 + 1.6 + 1.2 * len(rows)) - 6)
    if plot.width() <= 10 or plot.height() <= 10:
        painter.restore()
        return
    count = max(len(chart.x_labels), 1)

    def x_at(i: int) -> float:
        return plot.left() + (plot.width() * i / (count - 1) if count > 1 else plot.width() / 2)

    def y_at(value: float) -> float:
        return plot.bottom() - plot.height() * value / top

    _paint_axes(painter, plot, chart, metrics, step, top, x_at, y_at)
    if chart.goal is not None:
        pen = QPen(QColor(GOAL_COLOUR), 1.5, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        y = y_at(chart.goal)
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
        painter.drawText(QRectF(plot.left() + 4, y - line - 1, plot.width() - 8, line),
                         Qt.AlignmentFlag.AlignLeft, chart.goal_label)
    for series in chart.series:
        pen = QPen(QColor(series.colour), 2.0,
                   Qt.PenStyle.DashLine if series.dashed else Qt.PenStyle.SolidLine)
        painter.setPen(pen)
        painter.drawPolyline(QPolygonF([QPointF(x_at(i), y_at(v))
                                        for i, v in enumerate(series.values)]))
    _paint_legend(painter, rect, chart, rows, metrics, line)
    painter.restore()


def _paint_axes(painter: QPainter, plot: QRectF, chart: Chart, metrics: QFontMetricsF,
                step: float, top: float, x_at: Callable[[int], float],
                y_at: Callable[[float], float]) -> None:
    line = metrics.height()
    grid = QPen(QColor("#dddddd"), 1)
    value = 0.0
    while value <= top + 1e-9:
        y = y_at(value)
        painter.setPen(grid)
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
        painter.setPen(QColor("#404040"))
        painter.drawText(QRectF(0, y - line / 2, plot.left() - 6, line),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                         f"{value:g}")
        value += step
    painter.setPen(QPen(QColor("#808080"), 1))
    painter.drawLine(plot.bottomLeft(), plot.bottomRight())
    painter.drawLine(plot.bottomLeft(), plot.topLeft())
    # Round numbers under the axis, thinned so that they never overlap.
    last = -1e9
    painter.setPen(QColor("#404040"))
    for i, label in enumerate(chart.x_labels):
        if not label:
            continue
        x = x_at(i)
        width = metrics.horizontalAdvance(label)
        if x - width / 2 < last + 6:
            continue
        painter.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + 3))
        painter.drawText(QRectF(x - 20, plot.bottom() + 3, 40, line),
                         Qt.AlignmentFlag.AlignHCenter, label)
        last = x + width / 2


def _paint_legend(painter: QPainter, rect: QRectF, chart: Chart, rows: list[list[int]],
                  metrics: QFontMetricsF, line: float) -> None:
    y = rect.bottom() - line * 1.2 * len(rows) - 2
    for row in rows:
        widths = [28 + metrics.horizontalAdvance(chart.series[i].name) + 14 for i in row]
        x = rect.left() + (rect.width() - sum(widths)) / 2
        for i, w in zip(row, widths, strict=True):
            series = chart.series[i]
            painter.setPen(QPen(QColor(series.colour), 2.5,
                                Qt.PenStyle.DashLine if series.dashed
                                else Qt.PenStyle.SolidLine))
            painter.drawLine(QPointF(x, y + line / 2), QPointF(x + 22, y + line / 2))
            painter.setPen(QColor("#202020"))
            painter.drawText(QRectF(x + 28, y, w - 28, line), Qt.AlignmentFlag.AlignLeft,
                             series.name)
            x += w
        y += line * 1.2


def chart_svg(chart: Chart, size: QSize = CHART_SIZE) -> str:
    """``chart`` as an SVG document (for the report), painted by `paint_chart`."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(size)
    generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
    generator.setTitle(chart.title)
    painter = QPainter(generator)
    # The CSS name of the family: a browser knows "sans-serif", not Qt's "Sans Serif".
    painter.setFont(QFont("sans-serif"))
    paint_chart(painter, QRectF(0, 0, size.width(), size.height()), chart)
    painter.end()
    buffer.close()
    text = bytes(data.data()).decode("utf-8")
    # The document's XML declaration is not wanted inside HTML.
    start = text.find("<svg")
    return text[start:] if start >= 0 else text


def gui_application() -> QGuiApplication | None:
    """Fonts need a QGuiApplication: a new one, without a display when there is none (the
    headless `pacific report`), when none runs yet; the caller keeps it while it paints.
    None when one runs already."""
    if QGuiApplication.instance() is not None:
        return None
    if os.environ.get("QT_QPA_PLATFORM") is None and not (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")
    return QGuiApplication([])


def report_html(story: GameStory) -> str:
    """The report of ``story`` (`pacific.story.report`) with its charts painted as SVG."""
    from pacific.story.charts import game_charts
    from pacific.story.report import report

    app = gui_application()
    try:
        return report(story, [chart_svg(chart) for chart in game_charts(story)])
    finally:
        del app


class ChartView(QWidget):
    """A widget showing one chart, painted by `paint_chart`."""

    def __init__(self, chart: Chart, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chart = chart
        self.setMinimumSize(360, 220)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def set_chart(self, chart: Chart) -> None:
        self.chart = chart
        self.update()

    def sizeHint(self) -> QSize:
        return CHART_SIZE

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        paint_chart(painter, QRectF(self.rect()), self.chart)
        painter.end()
