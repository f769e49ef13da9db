out\\#t\#1.o:#1.o: a$$b.cu src/a\ b.cu /tmp/headroom-x/a.cu
x.o y.o: a$t\#2.oout\#2.o: aout\#1.o: a$: a$$b.cu sœĞÛşû|@] b.cuaã~ .co