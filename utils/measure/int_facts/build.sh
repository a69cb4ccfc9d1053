#!/bin/bash
# build the probe (parallel TUs)
set -e
cd "$(dirname "$0")"
mkdir -p obj
for i in 0 1 2 3 4 5 6 7; do nvcc -arch=sm_90 -O3 -c k$i.cu -o obj/k$i.o & done
nvcc -arch=sm_90 -O3 -c main.cu -o obj/main.o &
wait
nvcc -arch=sm_90 -o intfacts obj/*.o
