// Package assets embeds the data Glidepath ships: scenarios, motion tables and
// terrains. It imports nothing of the project.
package assets
