// Entry types by id (ACE DatFile.GetFileType): in the cell dat by the id's
// low word, in the portal dat by its top byte.

package dat

// Data sets (the header's DataSet; ACE DatDatabaseType).
const (
	PortalDataSet = 1
	CellDataSet   = 2
)

var portalTypes = map[uint32]string{
	0x01: "GfxObj", 0x02: "Setup", 0x03: "Animation", 0x04: "Palette",
	0x05: "SurfaceTexture", 0x06: "Texture", 0x08: "Surface", 0x09: "MotionTable",
	0x0A: "Wave", 0x0D: "Environment", 0x0E: "Table", 0x0F: "PaletteSet",
	0x10: "Clothing", 0x11: "DegradeInfo", 0x12: "Scene", 0x13: "Region",
	0x14: "KeyMap", 0x15: "RenderTexture", 0x16: "RenderMaterial",
	0x17: "MaterialModifier", 0x18: "MaterialInstance", 0x20: "SoundTable",
	0x22: "EnumMapper", 0x25: "DidMapper", 0x26: "ActionMap", 0x27: "DualDidMapper",
	0x30: "CombatTable", 0x31: "String", 0x32: "ParticleEmitter",
	0x33: "PhysicsScript", 0x34: "PhysicsScriptTable", 0x39: "MasterProperty",
	0x40: "Font", 0x78: "DbProperties",
}

// TypeName names entry id's type in a file of dataSet ("LandBlock",
// "Setup", …; "Iteration" for 0xFFFF0001; "" when unknown). In the cell dat
// every id whose low word is not 0xFFFF or 0xFFFE is an EnvCell.
func TypeName(dataSet, id uint32) string {
	if id == IterationID {
		return "Iteration"
	}
	if dataSet == CellDataSet {
		switch {
		case IsLandBlockID(id):
			return "LandBlock"
		case IsLandBlockInfoID(id):
			return "LandBlockInfo"
		}
		return "EnvCell"
	}
	return portalTypes[id>>24]
}
