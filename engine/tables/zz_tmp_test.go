package tables

import (
	"fmt"
	"os"
	"testing"

	"github.com/parquet-go/parquet-go"
)

func TestZZSizes(t *testing.T) {
	p := os.Getenv("ZZ_FILE")
	if p == "" {
		t.Skip()
	}
	f, _ := os.Open(p)
	st, _ := f.Stat()
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		t.Fatal(err)
	}
	md := pf.Metadata()
	var comp, unc [16]int64
	for _, rg := range md.RowGroups {
		for i, c := range rg.Columns {
			comp[i] += c.MetaData.TotalCompressedSize
			unc[i] += c.MetaData.TotalUncompressedSize
		}
	}
	for i := range comp {
		fmt.Printf("%-8s %12d %12d\n", md.Schema[i+1].Name, unc[i], comp[i])
	}
	fmt.Println(md.NumRows, len(md.RowGroups))
}
