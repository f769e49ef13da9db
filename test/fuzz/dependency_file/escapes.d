out\#1.o: a$$b.cu src/a\ b.cu /tmp/headroom-x/a.cu
x.o y.o: z.h
