// Package herdrschema compiles herdr's published API schema (the repository's
// testdata/herdr, Apache-2.0, see its NOTICE.md) for the tests that use it as
// an oracle.
package herdrschema

import (
	"os"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Compile reads the schema at path and compiles the named entries of its
// "schemas" object ("request", "success_response", "error_response").
func Compile(path string, names ...string) (map[string]*jsonschema.Schema, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("herdr-api.schema.json", doc); err != nil {
		return nil, err
	}
	out := map[string]*jsonschema.Schema{}
	for _, name := range names {
		s, err := c.Compile("herdr-api.schema.json#/schemas/" + name)
		if err != nil {
			return nil, err
		}
		out[name] = s
	}
	return out, nil
}
