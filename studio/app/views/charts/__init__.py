"""The live charts: the panel that arranges and feeds them (panel.py), one chart
(metric_chart.py), the buffers they draw from (series.py), pyqtgraph pieces
(plot_items.py) and the gradient-flow chart (grad_flow.py)."""
