//! Drivers carrying upstream's in-tree users of `kernel::time`, written as upstream
//! writes them, over simulated hardware ([`sim`]).

pub mod binder;
pub mod falcon;
pub mod gsp;
pub mod heartbeat;
pub mod phy;
pub mod sim;
pub mod tyr;
