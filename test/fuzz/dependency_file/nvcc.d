obj/a.o : /tmp/headroom-x/a.cu \
  /usr/include/stdio.h \
  /tmp/headroom-x/b.cuh \
  src/with\ space.h /tmp/headroom-x/gen.h

/tmp/headroom-x/b.cuh:
