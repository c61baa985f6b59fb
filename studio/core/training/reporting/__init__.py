"""What a run streams to its listeners: the plain records (records.py), the metric
catalogue that declares every key they carry (metrics.py), that catalogue written out for
the README and for translators (metric_docs.py), and the time a run has left (eta.py)."""
