"""Each dominance card's rules, in our own words, for ``/ds rules`` and ``python -m engine cards``."""

CARD_TEXTS: dict[str, str] = {
    "Aquatic": "Take an element of your choice from the bag and put it on a vacant corner of a sea or "
               "wetland tile. Then put up to 4 species from your gene pool on a sea or wetland tile "
               "touching that element (any sea or wetland tile if no element could be placed).",
    "Biodiversity": "Gain 1 VP for every tile where you have a species alongside at least one species "
                    "of another animal.",
    "Biomass": "On every tile holding more species (all animals together) than elements on its corners, "
               "one species is eliminated. You pick which animal loses it; if only one animal is there, "
               "it loses one, even if it is you.",
    "Blight": "Choose a tile. Every element on its corners but one (your choice) goes back to the bag.",
    "Catastrophe": "Choose a tile. All species there but one (your choice) are eliminated. Then one "
                   "species on each adjacent tile is eliminated, of the animal you choose.",
    "Cold Snap": "Every other animal eliminates one of its species from each tundra tile it occupies.",
    "Disease": "Every animal with more elements on its display than you loses one added element of its "
               "own choice.",
    "Ecodiversity": "Gain 1 VP for each element on earth whose type is one of the types on your display.",
    "Evolution": "Choose up to two other animals. For each, replace one of its species on earth with one "
                 "of yours from your gene pool; the replaced species is eliminated (to the box).",
    "Fecundity": "Put one species from your gene pool on every tile where you already have a species "
                 "(you may skip tiles).",
    "Fertile": "Choose a tile where you have a species and gain 1 VP for every species on it, of any "
               "animal.",
    "Habitat": "Take an element of your choice from the bag and put it on any vacant corner of earth.",
    "Hibernation": "Put up to 5 of your eliminated species back onto one tile. They are safe from this "
                   "turn's Extinction.",
    "Ice Age": "Every animal gains the bonus points for the number of tiles it dominates. The game ends "
               "after this turn: Extinction and Survival, then every tile is scored once more.",
    "Ice Sheet": "Glaciate a tile next to tundra, exactly like the Glaciation action, bonus points "
                 "included.",
    "Immigrants": "In food-chain order every animal, you included, chooses one loss: an added element, "
                  "an AP for good, or all but one of its species on every tile.",
    "Instinct": "Put one of your APs from your supply (one that already acted this turn, or one never "
                "placed) on any vacant eyeball space. It acts if that space is still to be resolved this "
                "turn. With no AP in your supply, that part is forfeit.",
    "Intelligence": "You and every animal above you on the food chain gain one AP for good.",
    "Mass Exodus": "Choose a tile. Move every species on it, of every animal, to adjacent tiles; you "
                   "decide where each goes.",
    "Metamorphosis": "Swap one of your added elements for an element of your choice from the bag.",
    "Niche Biomes": "Every animal with more VPs than you loses as many VPs as the first place of the tile "
                    "just scored is worth.",
    "Nocturnal": "Move your initiative marker one place forward.",
    "Omnivore": "Gain one AP for good.",
    "Parasitism": "You and every animal below you on the food chain gain one AP for good.",
    "Predator": "On every tile where you have a species alongside other animals, eliminate one species "
                "of another animal (your choice).",
    "Symbiotic": "You and every animal with fewer elements on its display than you draw one random "
                 "element from the bag onto the display, if it has room.",
}

SURVIVAL_TEXT = (
    "Not a dominance card. Held by the animal with the most species on tundra tiles (a tie: nobody). "
    "In every Reset, after Extinction, its holder gains the bonus points for the number of tundra "
    "tiles it occupies."
)
