"""Anno: match primary cards to Month cards from your hand or the Community Eight (2–4 players)."""
