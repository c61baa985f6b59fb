"""The machine a run trains on: device and precision, the hardware probe and memory
estimate, and several processes under torchrun."""
