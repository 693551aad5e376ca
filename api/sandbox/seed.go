package sandbox

func (s *Server) seedWorkspace(w Workspace) error { return nil }
