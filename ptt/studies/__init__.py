"""The studies of the paper, reproduced with the package: `ptt.studies.ising` (the 2D Ising model);
each is the reusable part of a notebook `2x_<name>`."""
