package filter_test

import (
	"fmt"

	"glidepath/engine/eventlog"
	"glidepath/engine/filter"
)

// A timeline lane or object list keeps what an expression matches: parse
// the text once, then ask of each thing.
func ExampleParse() {
	expr, err := filter.Parse("blip guid=0x80000A01 tick=400..900", filter.Kinds())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range []eventlog.Event{
		{Kind: eventlog.EventBlip, GUID: 0x80000A01, Tick: 512},
		{Kind: eventlog.EventBlip, GUID: 0x80000A01, Tick: 79},
		{Kind: eventlog.EventSnap, GUID: 0x80000A01, Tick: 512},
	} {
		it := filter.Event(&e, 30)
		fmt.Println(e.Kind, e.Tick, expr.Match(&it))
	}
	_, err = filter.Parse("error>>2", filter.Kinds())
	fmt.Println(err)
	// Output:
	// blip 512 true
	// blip 79 false
	// snap 512 false
	// filter: "error>>2": at column 7: error: want a number, got ">2"
}
