// Package capture reads network captures of a client talking to an AC
// server — pcap and pcapng files from Wireshark, tcpdump or Npcap — as a
// recording.Source: the same Recording v1 event stream a recording file or
// a compiled scenario gives, so nothing downstream knows where the events
// came from (docs/formats.md, "Capture input"; DESIGN.md, "Inputs from the
// world").
//
// The layers, each in its own file:
//
//	frames.go, ngguard.go   file → frames → IPv4 → UDP, with gopacket (pcapgo,
//	                        layers, ip4defrag); pcapng block lengths checked
//	                        before gopacket allocates for them
//	transport.go            the AC packet: header, optional headers, fragments
//	reassembly.go           retransmissions de-duplicated, fragments joined by
//	                        blob id; a message missing a fragment is dropped
//	messages.go, motion.go, the game messages read: UpdatePosition,
//	createobject.go         UpdateMotion, VectorUpdate, CreateObject,
//	                        DeleteObject, PlayerCreate, the client's positions
//	world.go                messages → events: which objects exist, who the
//	                        player is, the defaults for an object never created
//	reader.go, snapshot.go  the Source; the state to start a next recording
//	summary.go              what was read, used, skipped and broken
//
// The reader streams: it holds the objects, the pending fragments and
// bounded de-duplication windows, never the file. Damage is counted in the
// Summary with its frame number and skipped; only a file that is not a
// capture at all is an error (*NotCaptureError). Layouts follow ACE
// (ACEmulator/ACE, Source/ACE.Server/Network/) and aclogview
// (ACEmulator/aclogview, PCapReader.cs, PacketHeaders.cs), cited where
// each is read.
package capture
