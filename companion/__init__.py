"""companion: a Raspberry Pi table companion for the Bohnanza family of games."""

import os

# One thread for BLAS, set before numpy loads (importing companion first does it):
# the readers' matrix products are small, so more threads win no time, and their
# spin-waiting took cores the camera, the web server and the other tables need
# (measured on two dice-reader tests: 55 s of CPU with BLAS threads, 36 s with one,
# in the same time). OpenCV's own thread pool likewise (read when cv2 loads): the
# readers' images are small, and one dice-reader test took 17.5 s of CPU with its
# pool on two cores, 12.4 s with one thread, in less wall time. The budgets are per
# frame on one core; the Pi's other cores serve the phones.
for _var in (
    "OPENBLAS_NUM_THREADS",
    "OMP_NUM_THREADS",
    "MKL_NUM_THREADS",
    "OPENCV_FOR_THREADS_NUM",
):
    os.environ.setdefault(_var, "1")

__version__ = "0.1.0"
