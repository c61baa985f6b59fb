"""GRPO Studio: train small models with Group Relative Policy Optimization, and watch them learn."""

__version__ = "0.1.0"
