"""Several jobs on one cluster: a cluster file, placement policies, and one shared simulation."""
