// Package dat reads the retail client's dat files (client_portal.dat,
// client_cell_1.dat): the DatDatabase container — a header, chains of
// fixed-size blocks and a B-tree directory of entries — and the entries the
// motion pipeline needs: Region 0x13000000 (LandDefs and the height table),
// LandBlocks 0xXXYYFFFF, LandBlockInfos 0xXXYYFFFE, Setups 0x02xxxxxx,
// MotionTables 0x09xxxxxx and Animations 0x03xxxxxx — and the geometry the
// transition collides with: GfxObjs 0x01xxxxxx (vertices, physics
// polygons and BSP), Environments 0x0Dxxxxxx (CellStructs) and EnvCells
// 0xXXYYnnnn (indoor cells and their portals).
//
// The layouts follow the public readers of the format: ACE's
// Source/ACE.DatLoader (DatDatabaseHeader.cs, DatDirectoryHeader.cs,
// DatReader.cs, FileTypes/, Entity/), Chorizite/DatReaderWriter (dats.xml and
// Lib/IO/DatBTree) and holtburger-dat; docs/world.md says where they disagree
// and which reading this package takes.
//
// A dat file is hostile input: every offset, count and size is checked
// against the file and the entry before it is used, and every failure is an
// *Error naming the file, the entry id and the field. A file is memory-mapped
// where the platform allows (read on demand otherwise); opening one reads the
// header and the B-tree's root node only.
//
// The package imports nothing of the project and no display code.
package dat
