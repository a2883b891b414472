package memguard

import "testing"

func TestMemoryLimit_FromTheEnvironment(t *testing.T) {
	for _, c := range []struct {
		env  string
		want int64
		bad  bool
	}{
		{"2GiB", 2 << 30, false},
		{"512 MiB", 512 << 20, false},
		{"1048576", 1 << 20, false},
		{"off", 0, false},
		{"lots", 0, true},
		{"-1GiB", 0, true},
		{"9999999TiB", 0, true},
	} {
		t.Setenv(memoryLimitEnv, c.env)
		got, _, err := memoryLimit()
		if (err != nil) != c.bad || got != c.want {
			t.Errorf("%s=%q: %d, %v; want %d (error %v)", memoryLimitEnv, c.env, got, err, c.want, c.bad)
		}
	}
	t.Setenv(memoryLimitEnv, "")
	if got, from, err := memoryLimit(); err != nil || got <= 0 {
		t.Errorf("default: %d (%s), %v; want three quarters of this machine's memory", got, from, err)
	}
}
