// Run on the system database by `memgraph server start`: an install made before random
// passwords still has the old published default; it gets the stored random one instead.
ALTER CURRENT USER SET PASSWORD FROM $old TO $new
