package mcpserver

import "context"

func (s *Server) addResources() error { _ = context.Background; return nil }
