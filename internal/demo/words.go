package demo

import "strings"

// The demo catalogue is generated from these word lists: a 3-level category tree of a B2B supply store, and for
// every leaf category the nouns and specifications its products are named from. Nothing here is random: product n
// always gets the same leaf, name, price and stock.

// node is a category of the tree; a node without children is a leaf that holds products.
type node struct {
	Name     string
	Blurb    string // the category's description, also the first sentence of its products' descriptions
	Family   string // Product2.Family of the products below (set on top-level nodes, inherited)
	Children []node
	Leaf     *leafWords
}

// leafWords is what a leaf's products are made of.
type leafWords struct {
	Code     string   // SKU prefix
	UOM      string   // QuantityUnitOfMeasure
	Packs    []int    // pack sizes to choose from
	MinCents int      // list price range, in cents
	MaxCents int      // (inclusive)
	Nouns    []string // what the product is
	Specs    []string // its variants
}

func leaf(name, code, uom, packs string, minCents, maxCents int, nouns, specs string) node {
	var ps []int
	for _, p := range strings.Split(packs, "|") {
		n := 0
		for _, c := range p {
			n = n*10 + int(c-'0')
		}
		ps = append(ps, n)
	}
	return node{Name: name, Leaf: &leafWords{Code: code, UOM: uom, Packs: ps, MinCents: minCents, MaxCents: maxCents,
		Nouns: strings.Split(nouns, "|"), Specs: strings.Split(specs, "|")}}
}

func group(name, blurb string, children ...node) node {
	return node{Name: name, Blurb: blurb, Children: children}
}

func top(name, family, blurb string, children ...node) node {
	return node{Name: name, Family: family, Blurb: blurb, Children: children}
}

var brands = []string{"Everline", "Northpoint", "ProGrade", "Keystone", "Summit", "BlueRidge", "Ironclad", "Clearwater"}

// sellingPoints close product descriptions; one is picked per product.
var sellingPoints = []string{
	"Stocked in our regional warehouses for fast replenishment.",
	"Built for daily use in busy facilities.",
	"A dependable choice for contract and volume buyers.",
	"Meets common workplace standards; see the specification sheet for details.",
	"Consistent quality from order to order, so reorders match.",
	"Ships in recyclable packaging.",
}

// categoryTree is the demo catalogue: 12 top-level categories, 39 second-level, 14 third-level; 46 leaves.
var categoryTree = []node{
	top("Office Supplies", "Office Supplies", "Everyday supplies that keep an office running.",
		group("Writing Instruments", "Pens, markers and highlighters for every desk.",
			leaf("Pens", "PEN", "Box", "12|24", 499, 2899, "Ballpoint Pen|Gel Pen|Rollerball Pen|Felt-Tip Pen",
				"Black, Medium 1.0 mm|Blue, Fine 0.7 mm|Red, Medium 1.0 mm|Assorted Colors, Fine 0.5 mm"),
			leaf("Markers & Highlighters", "MRK", "Pack", "4|8|12", 399, 1999, "Permanent Marker|Dry-Erase Marker|Highlighter|Paint Marker",
				"Chisel Tip, Black|Fine Tip, Assorted|Bullet Tip, Fluorescent|Jumbo, Assorted")),
		group("Paper & Notebooks", "Printing paper, pads and notebooks.",
			leaf("Copy Paper", "PAP", "Case", "10", 3999, 6999, "Multipurpose Copy Paper|Laser Paper|Recycled Copy Paper|Color Copy Paper",
				"8.5 x 11 in, 20 lb|8.5 x 11 in, 24 lb|8.5 x 14 in, 20 lb|11 x 17 in, 24 lb"),
			leaf("Notebooks & Pads", "NBK", "Pack", "3|6|12", 599, 2499, "Spiral Notebook|Legal Pad|Composition Book|Sticky Notes",
				"College Ruled, 100 Sheets|Wide Ruled, 70 Sheets|Canary, 50 Sheets|3 x 3 in, Assorted")),
		leaf("Desk Accessories", "DSK", "Each", "1", 299, 4999, "Desk Organizer|Stapler|Tape Dispenser|Letter Tray|Monitor Stand",
			"Black Mesh|Silver Metal|Recycled Plastic|Walnut Finish"),
		leaf("Binders & Filing", "BND", "Box", "6|12|25", 899, 5999, "Ring Binder|File Folder|Hanging Folder|Sheet Protector",
			"1 in, White|2 in, Black|Letter, Manila|Letter, Assorted Colors")),
	top("Janitorial & Sanitation", "Janitorial", "Cleaning supplies for facilities of every size.",
		group("Cleaning Chemicals", "Concentrated and ready-to-use cleaners.",
			leaf("Surface Cleaners", "CLN", "Case", "4|6|12", 1999, 8999, "All-Purpose Cleaner|Glass Cleaner|Disinfectant Spray|Degreaser",
				"32 oz Spray Bottle|1 Gallon|Concentrate, 1 Gallon|Lemon Scent, 32 oz"),
			leaf("Floor Care", "FLR", "Case", "2|4", 3499, 12999, "Floor Finish|Neutral Floor Cleaner|Floor Stripper|Carpet Extraction Cleaner",
				"1 Gallon|2.5 Gallon|5 Gallon Pail|Low Odor, 1 Gallon")),
		leaf("Paper Towels & Tissue", "TIS", "Case", "6|12|24|30", 2499, 8999, "Roll Towel|Multifold Towel|Toilet Tissue|Facial Tissue",
			"Natural, 800 ft|White, 2-Ply|Jumbo Roll, 1000 ft|Recycled, 250 Sheets"),
		leaf("Trash Bags & Liners", "BAG", "Case", "100|250|500", 1999, 6999, "Can Liner|Contractor Bag|Compostable Bag|Recycling Bag",
			"13 Gallon, Clear|33 Gallon, Black|55 Gallon, Heavy Duty|45 Gallon, Blue"),
		leaf("Mops & Brooms", "MOP", "Each", "1", 899, 7999, "Wet Mop Head|Microfiber Mop Kit|Angle Broom|Push Broom|Dust Pan",
			"Medium, Cotton|Large, Blend|18 in|24 in, Stiff Bristle")),
	top("Safety & PPE", "Safety", "Personal protective equipment and workplace safety.",
		leaf("Hand Protection", "GLV", "Box", "50|100|12", 699, 3999, "Nitrile Gloves|Cut-Resistant Gloves|Leather Work Gloves|Latex Gloves",
			"Size M|Size L|Size XL|Size S"),
		leaf("Eye & Face Protection", "EYE", "Each", "1|12", 299, 3499, "Safety Glasses|Safety Goggles|Face Shield|Welding Lens",
			"Clear Lens|Anti-Fog|Tinted Lens|Over-Glasses Fit"),
		leaf("High-Visibility Apparel", "HVZ", "Each", "1", 899, 6999, "Safety Vest|Hi-Vis T-Shirt|Rain Jacket|Hard Hat",
			"Class 2, Lime|Class 3, Orange|Size L, Lime|Size XL, Orange"),
		leaf("First Aid", "AID", "Each", "1", 499, 14999, "First Aid Kit|Bandage Assortment|Eyewash Station|Burn Care Kit",
			"25 Person|50 Person|Refill|Wall Mount")),
	top("Tools & Hardware", "Tools", "Hand tools, power tools and fasteners for maintenance crews.",
		group("Hand Tools", "Wrenches, pliers, screwdrivers and more.",
			leaf("Wrenches & Pliers", "WRN", "Each", "1", 999, 8999, "Adjustable Wrench|Combination Wrench Set|Slip-Joint Pliers|Locking Pliers",
				"8 in|10 in|Metric, 12 Piece|SAE, 10 Piece"),
			leaf("Screwdrivers & Bits", "SCD", "Each", "1", 599, 5999, "Screwdriver Set|Precision Screwdriver|Bit Set|Nut Driver Set",
				"6 Piece|Phillips #2|32 Piece|Insulated, 7 Piece")),
		leaf("Power Tools", "PWR", "Each", "1", 4999, 34999, "Cordless Drill|Impact Driver|Circular Saw|Oscillating Tool",
			"18 V, Tool Only|18 V Kit, 2 Batteries|20 V Brushless|12 V Compact"),
		group("Fasteners", "Screws, bolts and anchors by the box.",
			leaf("Screws", "SCR", "Box", "100|250|500", 599, 3499, "Wood Screw|Drywall Screw|Sheet Metal Screw|Deck Screw",
				"#8 x 1-1/4 in|#6 x 1 in|#10 x 2 in|#8 x 3 in, Coated"),
			leaf("Anchors & Bolts", "ANC", "Box", "25|50|100", 699, 4499, "Hex Bolt|Wall Anchor|Toggle Bolt|Carriage Bolt",
				"1/4 x 2 in, Zinc|3/8 x 3 in, Stainless|Plastic, #8|1/2 x 4 in, Galvanized"))),
	top("Electrical & Lighting", "Electrical", "Lighting, wire and power for facilities.",
		group("Lighting", "Energy-saving lamps and fixtures.",
			leaf("LED Lamps", "LED", "Case", "6|12|24", 1999, 8999, "A19 LED Bulb|LED Tube|PAR38 Flood|Candelabra LED",
				"60 W Equivalent, 2700 K|4 ft, 5000 K|90 W Equivalent, 3000 K|40 W Equivalent, 4000 K"),
			leaf("Fixtures", "FIX", "Each", "1|2", 2999, 24999, "LED Troffer|High Bay Light|Wall Pack|Exit Sign",
				"2 x 4 ft|150 W|Dusk to Dawn|Battery Backup")),
		leaf("Wire & Cable", "WIR", "Roll", "1", 2499, 19999, "Building Wire|Extension Cord|Low-Voltage Cable|Cable Ties",
			"12 AWG, 250 ft|14 AWG, 100 ft|25 ft, 16/3|Cat6, 1000 ft"),
		leaf("Batteries", "BAT", "Pack", "4|8|24", 599, 3999, "Alkaline Battery|Lithium Coin Cell|Rechargeable Battery|9 V Battery",
			"AA|AAA|CR2032|D")),
	top("Plumbing", "Plumbing", "Pipe, valves and fixtures for maintenance and repair.",
		leaf("Pipe & Fittings", "PIP", "Each", "1|10|25", 199, 4999, "PVC Pipe|Copper Elbow|PEX Fitting|Pipe Coupling",
			"1/2 in|3/4 in|1 in|2 in, 10 ft"),
		leaf("Valves", "VLV", "Each", "1", 899, 9999, "Ball Valve|Gate Valve|Check Valve|Shut-Off Valve",
			"1/2 in, Brass|3/4 in, Brass|1 in, Stainless|Quarter Turn"),
		leaf("Faucets & Fixtures", "FCT", "Each", "1", 3999, 29999, "Lavatory Faucet|Sensor Faucet|Flush Valve|Utility Sink",
			"Chrome|Brushed Nickel|ADA Compliant|Battery Powered")),
	top("Packaging & Shipping", "Packaging", "Boxes, tape and protective packaging for shipping rooms.",
		leaf("Boxes & Mailers", "BOX", "Bundle", "25|50", 1999, 7999, "Corrugated Box|Bubble Mailer|Poly Mailer|Document Mailer",
			"12 x 12 x 12 in|10 x 13 in|18 x 12 x 6 in|24 x 18 x 18 in"),
		leaf("Tape", "TAP", "Case", "6|12|36", 1499, 5999, "Packing Tape|Masking Tape|Duct Tape|Filament Tape",
			"2 in x 110 yd, Clear|1 in x 60 yd|2 in x 60 yd, Silver|3/4 in x 60 yd"),
		leaf("Protective Packaging", "PRT", "Roll", "1|4", 1999, 8999, "Bubble Wrap|Packing Peanuts|Stretch Film|Kraft Paper",
			"12 in x 175 ft|14 cu ft|18 in x 1500 ft|30 in x 1200 ft"),
		leaf("Labels", "LBL", "Box", "100|500|1000", 999, 4999, "Shipping Label|Thermal Label|Address Label|Warning Label",
			"4 x 6 in|2 x 1 in|1 x 2-5/8 in|Fragile, 3 x 5 in")),
	top("Breakroom", "Breakroom", "Coffee, snacks and disposables for the breakroom.",
		leaf("Coffee & Beverages", "COF", "Case", "6|12|24|96", 1999, 8999, "Ground Coffee|Coffee Pods|Tea Bags|Bottled Water",
			"Medium Roast|Dark Roast|Decaf|Assorted"),
		leaf("Snacks", "SNK", "Box", "12|24|48", 1499, 4999, "Granola Bar|Trail Mix|Cracker Pack|Fruit Cup",
			"Variety Pack|Single Serve|Assorted|Low Sodium"),
		leaf("Breakroom Appliances", "APL", "Each", "1", 4999, 39999, "Coffee Brewer|Microwave|Water Cooler|Compact Refrigerator",
			"12 Cup|1.1 cu ft|Hot and Cold|3.2 cu ft")),
	top("Technology", "Technology", "Computer accessories, printer supplies and storage.",
		group("Computer Accessories", "Keyboards, mice, cables and adapters.",
			leaf("Keyboards & Mice", "KBD", "Each", "1", 1499, 9999, "Wireless Keyboard|Wired Mouse|Wireless Mouse|Keyboard and Mouse Set",
				"Full Size|Compact|Ergonomic|Bluetooth"),
			leaf("Cables & Adapters", "CBL", "Each", "1|3", 699, 3999, "USB-C Cable|HDMI Cable|USB-C Hub|Display Adapter",
				"3 ft|6 ft|7-Port|USB-C to HDMI")),
		leaf("Printer Supplies", "TNR", "Each", "1|2", 2999, 18999, "Toner Cartridge|Ink Cartridge|Drum Unit|Maintenance Kit",
			"Black, Standard Yield|Black, High Yield|Cyan|Tri-Color")),
	top("Furniture", "Furniture", "Seating, desks and storage for the workplace.",
		leaf("Seating", "SEA", "Each", "1|4", 7999, 49999, "Task Chair|Stacking Chair|Stool|Guest Chair",
			"Black Mesh|Gray Fabric|Armless|Adjustable Height"),
		leaf("Desks & Tables", "TBL", "Each", "1", 14999, 89999, "Standing Desk|Folding Table|Training Table|L-Shaped Desk",
			"48 x 24 in|60 x 30 in|72 x 30 in|Walnut Top"),
		leaf("Storage Cabinets", "CAB", "Each", "1", 9999, 59999, "Steel Storage Cabinet|Lateral File|Mobile Pedestal|Bookcase",
			"36 in, Gray|2 Drawer, Black|3 Drawer|5 Shelf, Espresso")),
	top("Food Service", "Breakroom", "Disposables and supplies for cafeterias and breakrooms.",
		leaf("Cups & Lids", "CUP", "Case", "500|1000", 2999, 8999, "Hot Cup|Cold Cup|Cup Lid|Sleeve",
			"12 oz|16 oz|20 oz|Compostable, 12 oz"),
		leaf("Plates & Bowls", "PLT", "Case", "250|500", 2499, 7999, "Paper Plate|Foam Bowl|Compostable Plate|Serving Tray",
			"9 in|12 oz|10 in, Heavy Duty|6 in"),
		leaf("Cutlery & Napkins", "CUT", "Case", "500|1000", 1499, 5999, "Plastic Fork|Wrapped Cutlery Kit|Dinner Napkin|Beverage Napkin",
			"Medium Weight, White|Heavy Weight, Black|2-Ply, White|1-Ply, Kraft")),
	top("Grounds & Outdoor", "Other", "Supplies for grounds crews, parking lots and entrances.",
		leaf("Ice Melt & Snow", "ICE", "Bag", "1", 1499, 6999, "Ice Melt|Snow Shovel|Spreader|Sand Bag",
			"50 lb, Pet Safe|24 in Blade|Broadcast, 80 lb|40 lb"),
		leaf("Entrance Matting", "MAT", "Each", "1", 2999, 19999, "Scraper Mat|Wiper Mat|Anti-Fatigue Mat|Logo Mat",
			"3 x 5 ft, Gray|4 x 6 ft, Charcoal|2 x 3 ft|3 x 10 ft, Brown"),
		leaf("Outdoor Waste", "OWR", "Each", "1", 4999, 39999, "Outdoor Waste Receptacle|Ash Urn|Dumpster Lid|Recycling Station",
			"32 Gallon|Stainless|Black Steel|3 Stream")),
}
