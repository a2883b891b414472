package engine

// Due returns the indices [lo, hi) of the input events delivered at tick
// k: those due by k and not by k−1 (the viewer's Messages panel lists
// them; At decodes each).
func (st *EventStore) Due(k int) (lo, hi int) {
	st.mu.RLock()
	defer st.mu.RUnlock()
	if k < 0 {
		return 0, 0
	}
	if k > 0 {
		lo = st.end(k - 1)
	}
	return lo, st.end(k)
}
