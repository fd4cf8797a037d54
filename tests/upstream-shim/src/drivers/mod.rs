//! Drivers in the shape of upstream's users of `kernel::time`, over simulated
//! hardware ([`sim`]).

pub mod falcon;
pub mod heartbeat;
pub mod phy;
pub mod sim;
