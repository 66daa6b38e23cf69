"""companion: a Raspberry Pi table companion for the Bohnanza family of games."""

import os

# One thread for BLAS, set before numpy loads (importing companion first does it):
# the readers' matrix products are small, so more threads win no time, and their
# spin-waiting took cores the camera, the web server and the other tables need
# (measured on two dice-reader tests: 55 s of CPU with BLAS threads, 36 s with one,
# in the same time).
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

__version__ = "0.1.0"
