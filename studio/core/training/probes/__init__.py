"""The machine measured before training, on the real model and data: the activation
memory of a micro-batch (memory_probe.py), a run's wall time (time_probe.py), and whether
a run can fit the machine at all (fits_machine.py)."""
